/** Text made safe inside HTML (e-mails, previews): the five characters HTML gives meaning to. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
