/**
 * A short sound for the journal's audio block: mono 8-bit PCM WAV, a soft sine tone fading out.
 * Made in code, so the demo store carries no binary files.
 */
export function toneWav(seconds = 1, frequency = 220, sampleRate = 8000): Uint8Array<ArrayBuffer> {
  const samples = Math.round(seconds * sampleRate);
  const buffer = new ArrayBuffer(44 + samples);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // format chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) {
    const fade = 1 - i / samples;
    view.setUint8(44 + i, Math.round(128 + 40 * fade * Math.sin((2 * Math.PI * frequency * i) / sampleRate)));
  }
  return new Uint8Array(buffer);
}
