import { Document, ExternalHyperlink, Packer, Paragraph, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { OFFICE_ZIP_LIMITS } from './limits.js';
import { inspectDocx } from './office.js';
import { editText, rewriteZip } from './testing/files.js';
import { buildOverlappingZipBomb } from './testing/zip-builder.js';
import { openSafeZip } from './zip.js';

const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

const makeDocx = async () =>
  Buffer.from(
    await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph({ children: [new TextRun('Contrato de arrendamiento')] }),
              new Paragraph({
                children: [
                  new ExternalHyperlink({
                    link: 'https://rubrica.test/ayuda',
                    children: [new TextRun('Ayuda')],
                  }),
                ],
              }),
            ],
          },
        ],
      }),
    ),
  );

const addRelationship = (entries: Map<string, Buffer>, relsName: string, relationship: string) => {
  if (!entries.has(relsName)) {
    entries.set(
      relsName,
      Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>`,
      ),
    );
  }
  editText(entries, relsName, (xml) => xml.replace('</Relationships>', `${relationship}</Relationships>`));
};

const refusal = async (bytes: Buffer) => {
  const error = await inspectDocx(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  expect((error as HttpProblem).statusCode).toBe(422);
  return (error as HttpProblem).message;
};

describe('inspectDocx', () => {
  it('accepts a real DOCX with a web hyperlink and returns it repacked from the checked parts', async () => {
    const docx = await makeDocx();
    const repacked = await inspectDocx(docx);
    const zip = await openSafeZip(repacked, OFFICE_ZIP_LIMITS);
    expect(await zip.readText('word/document.xml')).toContain('Contrato de arrendamiento');
    zip.close();
  });

  it('refuses a macro-enabled document (docm with vbaProject.bin)', async () => {
    const docm = await rewriteZip(await makeDocx(), (entries) => {
      entries.set('word/vbaProject.bin', Buffer.from('ÐÏ\u0011à¡±\u001aá fake VBA storage'));
      editText(entries, '[Content_Types].xml', (xml) =>
        xml.replace(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
          'application/vnd.ms-word.document.macroEnabled.main+xml',
        ),
      );
    });
    expect(await refusal(docm)).toBe(
      'El documento Word contiene macros o controles ActiveX; guárdelo sin macros y vuelva a cargarlo',
    );
  });

  it('refuses the docm and dotm content types even without the VBA part, and ActiveX controls', async () => {
    for (const type of [
      'ms-word.document.macroEnabled.main+xml',
      'ms-word.template.macroEnabledTemplate.main+xml',
    ]) {
      const renamed = await rewriteZip(await makeDocx(), (entries) =>
        editText(entries, '[Content_Types].xml', (xml) =>
          xml.replace('openxmlformats-officedocument.wordprocessingml.document.main+xml', type),
        ),
      );
      expect(await refusal(renamed)).toMatch(/macros/);
    }
    const activeX = await rewriteZip(await makeDocx(), (entries) =>
      entries.set('word/activeX/activeX1.xml', Buffer.from('<ax:ocx/>')),
    );
    expect(await refusal(activeX)).toMatch(/ActiveX/);
  });

  it('refuses a remote template', async () => {
    const remote = await rewriteZip(await makeDocx(), (entries) =>
      addRelationship(
        entries,
        'word/_rels/settings.xml.rels',
        `<Relationship Id="rId99" Type="${RELS}/attachedTemplate" Target="https://atacante.test/plantilla.dotm" TargetMode="External"/>`,
      ),
    );
    expect(await refusal(remote)).toBe('El documento usa una plantilla remota; no se admite por seguridad');
  });

  it.each(['file:///etc/passwd', '\\\\servidor\\recurso\\imagen.png', 'FILE:///C:/Windows/win.ini'])(
    'refuses a link to the local or network file %s',
    async (target) => {
      const linked = await rewriteZip(await makeDocx(), (entries) =>
        addRelationship(
          entries,
          'word/_rels/document.xml.rels',
          `<Relationship Id="rId98" Type="${RELS}/image" Target="${target}" TargetMode="External"/>`,
        ),
      );
      expect(await refusal(linked)).toMatch(/archivos locales o de red/);
    },
  );

  it('refuses external links that are not web or e-mail hyperlinks', async () => {
    const scripted = await rewriteZip(await makeDocx(), (entries) =>
      addRelationship(
        entries,
        'word/_rels/document.xml.rels',
        `<Relationship Id="rId97" Type="${RELS}/hyperlink" Target="javascript:alert(1)" TargetMode='External'/>`,
      ),
    );
    expect(await refusal(scripted)).toBe('El documento contiene vínculos externos no permitidos');
    const ole = await rewriteZip(await makeDocx(), (entries) =>
      addRelationship(
        entries,
        'word/_rels/document.xml.rels',
        `<Relationship Id="rId96" Type="${RELS}/oleObject" Target="https://atacante.test/x.bin" TargetMode="External"/>`,
      ),
    );
    expect(await refusal(ole)).toMatch(/vínculos externos/);
  });

  it('refuses a DOCX zip bomb and a ZIP that is not a Word document', async () => {
    const bomb = buildOverlappingZipBomb({
      kernel: Buffer.alloc(5 * 1024 * 1024),
      copies: 600,
      firstName: 'word/document.xml',
    });
    expect(await refusal(bomb)).toMatch(/bomba de compresión/);
    const noTypes = await rewriteZip(await makeDocx(), (entries) => entries.delete('[Content_Types].xml'));
    expect(await refusal(noTypes)).toBe('El archivo no es un documento Word válido');
  });
});
