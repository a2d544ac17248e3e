import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';

/** A DOCX holding each construct an imported template must keep, built as Word would store it. */
export async function makeSampleDocx(picture: Buffer, extra: Paragraph[] = []): Promise<Buffer> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const document = new Document({
    numbering: {
      config: [
        {
          reference: 'clausulas',
          levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }],
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ text: 'Contrato de prestación de servicios', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'Cláusulas', heading: HeadingLevel.HEADING_2 }),
          new Paragraph({
            children: [
              new TextRun('El '),
              new TextRun({ text: 'contratista', bold: true }),
              new TextRun(' se obliga '),
              new TextRun({ text: 'personalmente', italics: true }),
              new TextRun(' a '),
              new TextRun({ text: 'cumplir', underline: {} }),
              new TextRun('.'),
            ],
          }),
          new Paragraph({ text: 'Objeto', numbering: { reference: 'clausulas', level: 0 } }),
          new Paragraph({ text: 'Duración', numbering: { reference: 'clausulas', level: 0 } }),
          new Paragraph({ text: 'Sin costo adicional', bullet: { level: 0 } }),
          new Table({
            rows: [
              new TableRow({ children: [cell('Parte'), cell('Documento')] }),
              new TableRow({ children: [cell('Ana Pérez'), cell('CC 123')] }),
            ],
          }),
          new Paragraph({
            children: [
              new ImageRun({ type: 'png', data: picture, transformation: { width: 120, height: 60 } }),
            ],
          }),
          new Paragraph({
            children: [
              new ExternalHyperlink({
                link: 'https://rubrica.test/terminos',
                children: [new TextRun('Términos')],
              }),
            ],
          }),
          ...extra,
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(document));
}
