import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { editText, rewriteZip } from './testing/files.js';
import { buildOverlappingZipBomb } from './testing/zip-builder.js';
import { firstFormulaCell, inspectXlsx } from './xlsx.js';

const makeXlsx = async (fill: (workbook: ExcelJS.Workbook) => void) => {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const signersSheet = (workbook: ExcelJS.Workbook) => {
  const sheet = workbook.addWorksheet('Firmantes');
  sheet.addRow(['Nombre', 'Tipo de identificación', 'Valor']);
  sheet.addRow(['Ana Pérez', 'CC', 2]);
  // The sheets we hand out carry choice lists; they are not formulas.
  sheet.getCell('B2').dataValidation = { type: 'list', allowBlank: false, formulae: ['"CC,CE,NIT,PA"'] };
  return sheet;
};

const refusal = async (bytes: Buffer) => {
  const error = await inspectXlsx(bytes).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  expect((error as HttpProblem).statusCode).toBe(422);
  return (error as HttpProblem).message;
};

describe('inspectXlsx', () => {
  it('accepts a sheet of plain values with choice lists, and hands back a readable workbook', async () => {
    const repacked = await inspectXlsx(await makeXlsx(signersSheet));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(repacked as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Firmantes')?.getCell('A2').value).toBe('Ana Pérez');
  });

  it('refuses a formula, naming the sheet and the cell', async () => {
    const withFormula = await makeXlsx((workbook) => {
      signersSheet(workbook).getCell('C3').value = { formula: 'C2*2', result: 4 };
    });
    expect(await refusal(withFormula)).toBe(
      'La hoja «Firmantes» contiene una fórmula en la celda C3; cargue el archivo solo con valores',
    );
  });

  it('finds a formula on a later sheet', async () => {
    const withFormula = await makeXlsx((workbook) => {
      signersSheet(workbook);
      workbook.addWorksheet('Cálculos').getCell('D7').value = { formula: 'SUM(Firmantes!C2:C3)', result: 2 };
    });
    expect(await refusal(withFormula)).toMatch(/hoja «Cálculos» .* celda D7/);
  });

  it('refuses a macro-enabled workbook (xlsm)', async () => {
    const xlsm = await rewriteZip(await makeXlsx(signersSheet), (entries) => {
      entries.set('xl/vbaProject.bin', Buffer.from('fake VBA storage'));
      editText(entries, '[Content_Types].xml', (xml) =>
        xml.replace(
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
          'application/vnd.ms-excel.sheet.macroEnabled.main+xml',
        ),
      );
    });
    expect(await refusal(xlsm)).toBe(
      'El documento Excel contiene macros o controles ActiveX; guárdelo sin macros y vuelva a cargarlo',
    );
  });

  it('refuses links to external workbooks or data connections', async () => {
    const linked = await rewriteZip(await makeXlsx(signersSheet), (entries) =>
      entries.set('xl/externalLinks/externalLink1.xml', Buffer.from('<externalLink/>')),
    );
    expect(await refusal(linked)).toMatch(/conexiones a datos externos/);
  });

  it('refuses a spreadsheet zip bomb', async () => {
    const bomb = buildOverlappingZipBomb({
      kernel: Buffer.alloc(5 * 1024 * 1024),
      copies: 600,
      firstName: 'xl/workbook.xml',
    });
    expect(await refusal(bomb)).toMatch(/bomba de compresión/);
  });
});

describe('firstFormulaCell', () => {
  it('reads prefixed markup and ignores look-alike elements', () => {
    expect(firstFormulaCell('<x:row r="2"><x:c r="B2"><x:f>SUM(A1:A2)</x:f></x:c></x:row>')).toBe('B2');
    expect(firstFormulaCell('<c r="A1" t="s"><v>0</v></c><c r="A2"><f t="shared" si="0"/></c>')).toBe('A2');
    expect(
      firstFormulaCell('<cols><col min="1"/></cols><c r="A1"><v>1</v></c><formula1>"a,b"</formula1>'),
    ).toBeNull();
  });
});
