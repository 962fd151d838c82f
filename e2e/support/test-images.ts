import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { testFilesDir } from './temp-dir';

/** Distinct colours, so photos can be told apart after reordering. */
const colours = ['#c0392b', '#2980b9', '#27ae60', '#8e44ad', '#f39c12', '#16a085', '#7f8c8d'];

/**
 * Real photo files for upload tests, written to a fresh folder of the run's: alternately JPEG and PNG,
 * 640×480, each a few kilobytes. Answers their paths.
 */
export async function createTestImages(count: number): Promise<string[]> {
  const dir = await testFilesDir('photos');
  const files: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const format = index % 2 === 0 ? 'jpeg' : 'png';
    const image = sharp({
      create: { width: 640, height: 480, channels: 3, background: colours[index % colours.length]! },
    });
    const buffer = await (format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.png()).toBuffer();
    const file = path.join(dir, `car-${index + 1}.${format === 'jpeg' ? 'jpg' : 'png'}`);
    await writeFile(file, buffer);
    files.push(file);
  }
  return files;
}

/** A PNG larger than the browser sends (5000×3750, a gradient: under the 10 MB limit). */
export async function createHugePhoto(): Promise<string> {
  const dir = await testFilesDir('huge-photo');
  const file = path.join(dir, 'huge.png');
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="3750"><defs><linearGradient id="g">` +
      `<stop offset="0" stop-color="#2980b9"/><stop offset="1" stop-color="#c0392b"/></linearGradient></defs>` +
      `<rect width="5000" height="3750" fill="url(#g)"/></svg>`,
  );
  await sharp(gradient).png().toFile(file);
  return file;
}

/** A text file, to see the client refuse what is not a photo. */
export async function createTextFile(): Promise<string> {
  const dir = await testFilesDir('not-photo');
  const file = path.join(dir, 'notes.txt');
  await writeFile(file, 'not a photo');
  return file;
}
