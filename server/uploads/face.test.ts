import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../errors.js';
import { detectFace, requireSingleFace } from './face.js';

const tf = createRequire(import.meta.url)('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs');

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('detectFace', () => {
  it('accepts a photo with exactly one face', async () => {
    const detection = await detectFace(fixture('astronaut.jpg'));
    expect(detection).toMatchObject({ faceCount: 1, accepted: true, reason: null });
    expect(detection.scores[0]).toBeGreaterThan(0.8);
  });

  it('refuses a cat and a cup: no human face', async () => {
    for (const name of ['chelsea.jpg', 'coffee.jpg']) {
      expect(await detectFace(fixture(name))).toEqual({
        faceCount: 0,
        accepted: false,
        reason: 'No se detectó ningún rostro en la foto; tómela de frente, con buena luz',
        scores: [],
      });
    }
  });

  it('refuses a photo with two people', async () => {
    const face = fixture('astronaut.jpg');
    const pair = await sharp({ create: { width: 640, height: 320, channels: 3, background: '#ffffff' } })
      .composite([
        { input: face, left: 0, top: 0 },
        { input: face, left: 320, top: 0 },
      ])
      .png()
      .toBuffer();
    const detection = await detectFace(pair);
    expect(detection).toMatchObject({ faceCount: 2, accepted: false });
    expect(detection.reason).toBe(
      'Se detectaron 2 rostros en la foto; debe aparecer solo la persona que firma',
    );
  });

  it('finds the face of a photo stored sideways with an EXIF orientation', async () => {
    const sideways = await sharp(fixture('astronaut.jpg'))
      .rotate(270)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await detectFace(sideways)).faceCount).toBe(1);
    // The same pixels without the orientation tag: the detector alone does not find the face.
    const withoutTag = await sharp(fixture('astronaut.jpg')).rotate(270).jpeg().toBuffer();
    expect((await detectFace(withoutTag)).faceCount).toBe(0);
  });

  it('throws the reason as a 422 when asked to require one face, and 415 for what is no image', async () => {
    const none = await requireSingleFace(fixture('coffee.jpg')).catch((error: unknown) => error);
    expect(none).toBeInstanceOf(HttpProblem);
    expect((none as HttpProblem).statusCode).toBe(422);
    expect((none as HttpProblem).message).toMatch(/ningún rostro/);
    expect(await requireSingleFace(fixture('astronaut.jpg'))).toMatchObject({ accepted: true });
    const text = await detectFace(Buffer.from('no es una foto')).catch((error: unknown) => error);
    expect((text as HttpProblem).statusCode).toBe(415);
  });

  it('frees every tensor it creates, so a long-running server does not grow', async () => {
    await detectFace(fixture('astronaut.jpg'));
    // The detector's own tfjs: WASM backend, model weights held as tensors.
    expect(tf.getBackend()).toBe('wasm');
    const before = tf.memory().numTensors;
    expect(before).toBeGreaterThan(0);
    for (const name of ['astronaut.jpg', 'chelsea.jpg', 'coffee.jpg']) await detectFace(fixture(name));
    expect(tf.memory().numTensors).toBe(before);
  });
});
