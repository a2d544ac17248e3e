import { describe, expect, it } from 'vitest';
import { pdfFileName, withoutPdfExtension } from './fileNames.js';

describe('pdfFileName', () => {
  it('adds the extension once, whatever the name already ends in', () => {
    expect(pdfFileName('Contrato de arriendo (1)')).toBe('Contrato de arriendo (1).pdf');
    expect(pdfFileName('three-pages.pdf')).toBe('three-pages.pdf');
    expect(pdfFileName('ESCANEO.PDF ')).toBe('ESCANEO.pdf');
    expect(pdfFileName('informe.pdf.docx')).toBe('informe.pdf.docx.pdf');
    expect(pdfFileName('.pdf')).toBe('documento.pdf');
    expect(withoutPdfExtension('tres-paginas.pdf')).toBe('tres-paginas');
  });
});
