import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_EVENT_ACTIONS } from '../../contract/requestEvents.js';
import { pdfWords, qpdfCheck, run, withPdfFile } from '../../tests/support/documents/tools.js';
import { auditTrail, certificateInput, hostile } from '../../tests/support/pades/evidence.js';
import { DocumentRenderer } from '../documents/renderer.js';
import { CONSENT } from '../requests/core/consent.js';
import { renderCompletionCertificate } from './completion-certificate.js';
import { QR_QUIET_ZONE, qrMatrix } from './qr-typst.js';

let renderer: DocumentRenderer;
let pdf: Uint8Array;

beforeAll(async () => {
  renderer = DocumentRenderer.create();
  pdf = await renderCompletionCertificate(renderer, certificateInput());
}, 60_000);

const flat = (text: string) => text.replace(/[\s\u200b]+/g, ' ');

describe('renderCompletionCertificate', () => {
  it('prints the request, both hashes and every signer’s evidence in Spanish, times in Bogotá and UTC', () => {
    withPdfFile(Buffer.from(pdf), (path) => {
      const text = flat(run('pdftotext', [path, '-']));
      for (const expected of [
        'Certificado de finalización',
        'Solicitud: SR-2026-000123',
        'a1'.repeat(32),
        'b2'.repeat(32),
        'José Núñez Peña',
        'jose.nunez.con.un.correo.muy.largo@dominio-extremadamente-largo.com.co',
        'CC 1.020.304.050',
        'código de un solo uso por SMS a +57••••••4567',
        'código de un solo uso por WhatsApp a +57••••••1111',
        `SHA-256: ${'c3'.repeat(32)}`,
        '190.24.1.2',
        'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
        // 03:30:15 UTC on 2 March is 22:30:15 of 1 March in Bogotá.
        '01/03/2026 22:30:15 COT · 2026-03-02 03:30:15 UTC',
        'Rechazó',
        'CE 998877',
        'Código de validación: K7QM-2XHD-9TRB',
        'https://firma.example.co/certificate_validation?code=K7QM-2XHD-9TRB',
        '9 entradas encadenadas',
        'Página 1 de',
      ]) {
        expect(text).toContain(expected);
      }
    });
  });

  it('prints the full consent text each signer accepted, with its version', () => {
    withPdfFile(Buffer.from(pdf), (path) => {
      const text = flat(run('pdftotext', [path, '-']));
      expect(text).toContain(`Versión ${CONSENT.version}: «${CONSENT.text}»`);
      // The signer who rejected accepted nothing.
      expect(text.split(CONSENT.text)).toHaveLength(2);
    });
  });

  it('prints the audit log as Spanish sentences with names, in Bogotá time, inside the margins', () => {
    withPdfFile(Buffer.from(pdf), (path) => {
      // In the order the content was written: each cell's lines together.
      const text = flat(run('pdftotext', ['-raw', path, '-']));
      const log = text.slice(text.indexOf('Registro de auditoría'));
      for (const expected of [
        'Elena Ríos envió la solicitud a 2 firmantes con 1 documento',
        'Se envió a José Núñez Peña (jose.nunez.con.un.correo.muy.largo@dominio-extremadamente-largo.com.co) la invitación a firmar',
        'verificó su identidad con un código enviado por SMS a +57••••••4567',
        'se tomó una foto de verificación y autorizó su uso',
        `firmó los documentos con una firma dibujada y aceptó el consentimiento (versión ${CONSENT.version})`,
        `María Ríos (maria@empresa.co) rechazó la solicitud. Motivo: «${flat(hostile)}»`,
        'Dirección IP: 181.50.3.4',
        // 14:00 UTC is 09:00 in Bogotá.
        '01/03/2026 09:00:00 COT',
      ]) {
        expect(log.replace(/ /g, '')).toContain(expected.replace(/ /g, ''));
      }
      const entries = certificateInput().auditTrail;
      for (const entry of entries) expect(log).toContain(entry.hash.slice(0, 16));
      expect(log).not.toMatch(/\b(user|signer):|\{"|UTC/);
      expect(log).not.toMatch(new RegExp(`\\b(${REQUEST_EVENT_ACTIONS.join('|')})\\b`));
      // Letter paper, 18 mm margins: no word crosses the right margin.
      const rightEdge = 612 - (18 / 25.4) * 72;
      const words = pdfWords(path);
      expect(words.length).toBeGreaterThan(200);
      expect(words.filter((word) => word.xMax > rightEdge + 0.5)).toEqual([]);
    });
  });

  it('prints hostile values literally: no Typst code, math, label or markup from a value', () => {
    withPdfFile(Buffer.from(pdf), (path) => {
      const text = flat(run('pdftotext', [path, '-']));
      expect(text).toContain(`Contrato ${flat(hostile)}`);
      expect(text.split(flat(hostile)).length - 1).toBeGreaterThanOrEqual(2);
      expect(qpdfCheck(path).status).toBe(0);
      for (const font of run('pdffonts', [path]).trim().split('\n').slice(2)) {
        expect(font).toMatch(/^[A-Z]{6}\+(Liberation|DejaVuSansMono)/);
        expect(font.trim().split(/\s+/).at(-5)).toBe('yes');
      }
    });
  });

  it('draws the QR code as vectors that hold exactly the validation link', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rubrica-qr-'));
    try {
      writeFileSync(join(folder, 'c.pdf'), pdf);
      expect(
        execFileSync('pdfimages', ['-list', join(folder, 'c.pdf')], { encoding: 'utf8' })
          .trim()
          .split('\n'),
      ).toHaveLength(2);
      const dpi = 288;
      execFileSync('pdftoppm', [
        '-r',
        String(dpi),
        '-f',
        '1',
        '-l',
        '1',
        '-png',
        '-singlefile',
        join(folder, 'c.pdf'),
        join(folder, 'p'),
      ]);
      const { data, info } = await sharp(readFileSync(join(folder, 'p.png')))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // The QR sits alone right of the heading (92 pt wide, inside the 18 mm margin); its finder
      // patterns mark its corners.
      const scale = dpi / 72;
      const region = { left: Math.round((612 - 51 - 92 - 6) * scale), bottom: Math.round(148 * scale) };
      let minX = info.width;
      let minY = info.height;
      let maxX = 0;
      let maxY = 0;
      for (let y = 0; y < region.bottom; y++) {
        for (let x = region.left; x < info.width; x++) {
          if (data[y * info.width + x]! < 128) {
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
            minY = Math.min(minY, y);
            maxY = Math.max(maxY, y);
          }
        }
      }
      const matrix = qrMatrix('https://firma.example.co/certificate_validation?code=K7QM-2XHD-9TRB');
      const size = matrix.length;
      const module = (maxX - minX + 1) / size;
      // 92 pt wide including the quiet zone on both sides.
      expect(module * (size + 2 * QR_QUIET_ZONE)).toBeCloseTo(92 * scale, -1);
      expect(Math.abs((maxY - minY + 1) / size - module)).toBeLessThan(0.5);
      const wrong: string[] = [];
      for (let row = 0; row < size; row++) {
        for (let column = 0; column < size; column++) {
          const x = Math.round(minX + (column + 0.5) * module);
          const y = Math.round(minY + (row + 0.5) * module);
          if (data[y * info.width + x]! < 128 !== matrix[row]![column]) wrong.push(`${row},${column}`);
        }
      }
      expect(wrong).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('runs onto more pages for a long audit trail, numbering them', async () => {
    const long = await renderCompletionCertificate(
      renderer,
      certificateInput({ auditTrail: auditTrail(120) }),
    );
    withPdfFile(Buffer.from(long), (path) => {
      const pages = Number(/Pages:\s+(\d+)/.exec(run('pdfinfo', [path]))![1]);
      expect(pages).toBeGreaterThan(2);
      const text = flat(run('pdftotext', [path, '-']));
      expect(text).toContain(`Página ${pages} de ${pages}`);
      const last = auditTrail(120).at(-1)!;
      expect(text).toContain(last.hash.slice(0, 16));
      expect(text).toContain('Se envió a María Ríos (maria@empresa.co) un recordatorio para firmar');
    });
  });

  it('refuses to certify an audit trail whose chain is broken', async () => {
    const entries = auditTrail(3);
    entries[1] = { ...entries[1]!, action: 'reminded' };
    await expect(
      renderCompletionCertificate(renderer, certificateInput({ auditTrail: entries })),
    ).rejects.toThrow('el registro de auditoría de la solicitud no es íntegro');
  });
});
