/**
 * `RowSampler` in WebAssembly with 128-bit SIMD (sample-row.as, compiled into sample-row-wasm.ts): about
 * 1.6 times as fast as the JavaScript loop over a whole face, same pixels. Its window must lie in the
 * module's memory: take it from `windowBuffer`.
 */
import type { RowSampler } from './cube-projection.js';
import { SAMPLE_ROW_WASM } from './sample-row-wasm.js';

const PAGE = 65536;

// The server's libraries (ES2022, Node's types) do not describe WebAssembly: what is used of it here.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  Memory: new (descriptor: { initial: number }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
};

export class WasmSampler implements RowSampler {
  private readonly memory: WasmMemory = new WebAssembly.Memory({ initial: 1 });
  private readonly sampleRow: (window: number, stride: number, xs: number, ys: number, count: number, out: number) => void;
  private readonly xsAt: number;
  private readonly ysAt: number;
  private readonly outAt: number;
  private readonly windowAt: number;
  private bytes = new Uint8Array(0);
  private xsView = new Float64Array(0);
  private ysView = new Float64Array(0);

  /** For faces up to `maxFaceSize` wide. */
  constructor(private readonly maxFaceSize: number) {
    const module = new WebAssembly.Module(Buffer.from(SAMPLE_ROW_WASM, 'base64'));
    const instance = new WebAssembly.Instance(module, { env: { memory: this.memory } });
    this.sampleRow = instance.exports.sampleRow as WasmSampler['sampleRow'];
    // The module keeps nothing in memory of its own: positions, then a row of output, then the window.
    this.xsAt = 1024;
    this.ysAt = this.xsAt + maxFaceSize * 8;
    this.outAt = this.ysAt + maxFaceSize * 8;
    this.windowAt = this.outAt + Math.ceil((maxFaceSize * 3 + 8) / 8) * 8;
    this.ensure(this.windowAt);
  }

  get xs(): Float64Array {
    return this.xsView;
  }

  get ys(): Float64Array {
    return this.ysView;
  }

  /** Room for a window of `length` bytes in the module's memory, valid until the next call. */
  windowBuffer(length: number): Uint8Array {
    this.ensure(this.windowAt + length);
    return this.bytes.subarray(this.windowAt, this.windowAt + length);
  }

  sample(window: Uint8Array, stride: number, count: number, out: Uint8Array, outOffset: number): void {
    if (window.buffer !== this.memory.buffer || count > this.maxFaceSize) throw new Error('the window is not in the sampler’s memory');
    this.sampleRow(window.byteOffset, stride, this.xsAt, this.ysAt, count, this.outAt);
    out.set(this.bytes.subarray(this.outAt, this.outAt + count * 3), outOffset);
  }

  private ensure(length: number): void {
    const pages = Math.ceil(length / PAGE) - this.memory.buffer.byteLength / PAGE;
    if (pages > 0 || this.bytes.buffer !== this.memory.buffer) {
      if (pages > 0) this.memory.grow(pages);
      // Growing detaches the old views.
      this.bytes = new Uint8Array(this.memory.buffer);
      this.xsView = new Float64Array(this.memory.buffer, this.xsAt, this.maxFaceSize);
      this.ysView = new Float64Array(this.memory.buffer, this.ysAt, this.maxFaceSize);
    }
  }
}
