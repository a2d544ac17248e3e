import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OutputInfo } from 'sharp';
import { HttpProblem } from '../errors.js';
import { loadSharp } from '../lazyDependencies.js';
import { checkImageSize, IMAGE_FIELDS, type ImageField } from './images.js';
import { IMAGE_LIMITS } from './limits.js';
import { FILE_MESSAGES } from './messages.js';
import { checkUploadKind } from './sniff.js';

type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type WasmBackend = typeof import('@tensorflow/tfjs-backend-wasm');
type Tfjs = typeof import('@tensorflow/tfjs');
type Detector = { tf: Tfjs; faceapi: FaceApi };

// Loaded through require so that face-api, the WASM backend and tfjs share one tfjs instance.
const require = createRequire(import.meta.url);

/** TinyFaceDetector's input side (a multiple of 32): 416 finds faces down to ~40 px. */
const DETECTOR_INPUT_SIZE = 416;
const MIN_SCORE = 0.5;
/** The photo is shrunk to this side before detection; the detector works at 416 anyway. */
const DETECTION_SIDE = 640;

let detector: Promise<Detector> | null = null;

async function loadDetector(): Promise<Detector> {
  const tf = require('@tensorflow/tfjs') as Tfjs;
  const wasm = require('@tensorflow/tfjs-backend-wasm') as WasmBackend;
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  // Read from the package on disk: nothing is fetched, the process works offline.
  wasm.setWasmPaths(
    `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
  );
  await tf.setBackend('wasm');
  await tf.ready();
  await faceapi.nets.tinyFaceDetector.loadFromDisk(
    join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model'),
  );
  return { tf, faceapi };
}

/** The detector, loaded on first use and kept for the life of the process. */
function getDetector(): Promise<Detector> {
  detector ??= loadDetector().catch((error: unknown) => {
    detector = null;
    throw error;
  });
  return detector;
}

export type FaceDetection = {
  faceCount: number;
  /** Exactly one face. */
  accepted: boolean;
  /** Why not, in Spanish; null when accepted. */
  reason: string | null;
  /** Detector confidence of each face found, best first. */
  scores: number[];
};

/**
 * Real face detection on an uploaded photo (`detect_face`): PNG, JPEG or WebP by its bytes (415
 * otherwise, 413 over the size limit, 422 when unreadable or a pixel bomb), oriented by its EXIF
 * data, decoded to RGB and given to face-api's TinyFaceDetector on tfjs' WASM backend.
 */
export async function detectFace(
  bytes: Uint8Array,
  field: ImageField = IMAGE_FIELDS.photo,
): Promise<FaceDetection> {
  await checkUploadKind(bytes, ['png', 'jpeg', 'webp']);
  await checkImageSize(bytes, IMAGE_LIMITS.photo, field);
  const sharp = await loadSharp();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(bytes, { limitInputPixels: IMAGE_LIMITS.photo.maxInputPixels, failOn: 'error' })
      .rotate()
      .removeAlpha()
      .resize({ width: DETECTION_SIDE, height: DETECTION_SIDE, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    const message = FILE_MESSAGES.imageUnreadable(field.of);
    throw new HttpProblem(422, message, { [field.name]: message });
  }
  const { tf, faceapi } = await getDetector();
  const image = tf.tensor3d(pixels.data, [pixels.info.height, pixels.info.width, 3], 'int32');
  try {
    const faces = await faceapi.detectAllFaces(
      image as unknown as Parameters<FaceApi['detectAllFaces']>[0],
      new faceapi.TinyFaceDetectorOptions({ inputSize: DETECTOR_INPUT_SIZE, scoreThreshold: MIN_SCORE }),
    );
    const scores = faces.map((face) => face.score).sort((a, b) => b - a);
    const reason =
      faces.length === 0
        ? FILE_MESSAGES.faceNone
        : faces.length > 1
          ? FILE_MESSAGES.faceSeveral(faces.length)
          : null;
    return { faceCount: faces.length, accepted: faces.length === 1, reason, scores };
  } finally {
    image.dispose();
  }
}

/** `detectFace`, refusing (422, with the Spanish reason) anything but exactly one face. */
export async function requireSingleFace(bytes: Uint8Array): Promise<FaceDetection> {
  const detection = await detectFace(bytes);
  if (detection.reason) throw new HttpProblem(422, detection.reason);
  return detection;
}
