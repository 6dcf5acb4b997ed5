/**
 * `RowProjector` in WebAssembly with 128-bit SIMD (project-rows.as, compiled into project-rows-wasm.ts):
 * positions and sampling of a row in one call, same pixels as the JavaScript projector, in about half
 * its time. Its window must lie in the module's memory: take it from `windowBuffer`.
 */
import { atanTable, type RowProjector } from './cube-projection.js';
import { PROJECT_ROWS_WASM } from './project-rows-wasm.js';

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

interface ProjectRowsExports {
  setColumns(xs: number, count: number, columns: number): void;
  sideRow(
    window: number,
    stride: number,
    table: number,
    columns: number,
    slopes: number,
    ys: number,
    count: number,
    below: number,
    yOrigin: number,
    yStep: number,
    out: number,
  ): void;
  poleRow(
    window: number,
    stride: number,
    table: number,
    xs: number,
    ys: number,
    count: number,
    forward: number,
    v: number,
    axis: number,
    xAxis: number,
    xPerRadian: number,
    yOrigin: number,
    ySign: number,
    yPerRadian: number,
    out: number,
  ): void;
}

export class WasmProjector implements RowProjector {
  private readonly memory: WasmMemory = new WebAssembly.Memory({ initial: 1 });
  private readonly kernel: ProjectRowsExports;
  // The module keeps nothing in memory of its own; this class lays it out: the atan table, the side
  // part's positions and slopes, its columns in fixed point (a pole row's x positions use the same
  // room), a row's y positions, a row of output, then the window.
  private readonly tableAt = 1024;
  private readonly xsAt: number;
  private readonly slopesAt: number;
  private readonly columnsAt: number;
  private readonly ysAt: number;
  private readonly outAt: number;
  private readonly windowAt: number;
  private bytes = new Uint8Array(0);
  private xsView = new Float64Array(0);
  private slopesView = new Float64Array(0);

  /** For faces up to `maxFaceSize` wide. */
  constructor(private readonly maxFaceSize: number) {
    const module = new WebAssembly.Module(Buffer.from(PROJECT_ROWS_WASM, 'base64'));
    this.kernel = new WebAssembly.Instance(module, { env: { memory: this.memory } }).exports as unknown as ProjectRowsExports;
    this.xsAt = this.tableAt + atanTable.byteLength;
    this.slopesAt = this.xsAt + maxFaceSize * 8;
    this.columnsAt = this.slopesAt + (maxFaceSize / 2) * 8;
    this.ysAt = this.columnsAt + maxFaceSize * 8;
    this.outAt = this.ysAt + maxFaceSize * 4;
    this.windowAt = this.outAt + Math.ceil((maxFaceSize * 3 + 8) / 8) * 8;
    this.ensure(this.windowAt);
    new Float64Array(this.memory.buffer, this.tableAt, atanTable.length).set(atanTable);
  }

  get xs(): Float64Array {
    return this.xsView;
  }

  get slopes(): Float64Array {
    return this.slopesView;
  }

  /** Room for a window of `length` bytes in the module's memory, valid until the next call. */
  windowBuffer(length: number): Uint8Array {
    this.ensure(this.windowAt + length);
    return this.bytes.subarray(this.windowAt, this.windowAt + length);
  }

  columnsChanged(count: number): void {
    this.checkCount(count);
    this.kernel.setColumns(this.xsAt, count, this.columnsAt);
  }

  // Arrow properties rather than methods: their parameters take their types from `RowProjector`.
  readonly sideRow: RowProjector['sideRow'] = (window, stride, count, below, yOrigin, yStep, out, outOffset) => {
    this.checkWindow(window, count);
    this.kernel.sideRow(
      window.byteOffset,
      stride,
      this.tableAt,
      this.columnsAt,
      this.slopesAt,
      this.ysAt,
      count,
      below,
      yOrigin,
      yStep,
      this.outAt,
    );
    out.set(this.bytes.subarray(this.outAt, this.outAt + count * 3), outOffset);
  };

  readonly poleRow: RowProjector['poleRow'] = (window, stride, count, pole, forward, v, out, outOffset) => {
    this.checkWindow(window, count);
    const { axis, xAxis, xPerRadian, yOrigin, ySign, yPerRadian } = pole;
    this.kernel.poleRow(
      window.byteOffset,
      stride,
      this.tableAt,
      this.columnsAt,
      this.ysAt,
      count,
      forward,
      v,
      axis,
      xAxis,
      xPerRadian,
      yOrigin,
      ySign,
      yPerRadian,
      this.outAt,
    );
    out.set(this.bytes.subarray(this.outAt, this.outAt + count * 3), outOffset);
  };

  private checkCount(count: number): void {
    if (count > this.maxFaceSize) throw new Error(`a face of ${count} is wider than this projector's ${this.maxFaceSize}`);
  }

  private checkWindow(window: Uint8Array, count: number): void {
    if (window.buffer !== this.memory.buffer) throw new Error('the window is not in the projector’s memory');
    this.checkCount(count);
  }

  private ensure(length: number): void {
    const pages = Math.ceil(length / PAGE) - this.memory.buffer.byteLength / PAGE;
    if (pages > 0 || this.bytes.buffer !== this.memory.buffer) {
      if (pages > 0) this.memory.grow(pages);
      // Growing detaches the old views.
      this.bytes = new Uint8Array(this.memory.buffer);
      this.xsView = new Float64Array(this.memory.buffer, this.xsAt, this.maxFaceSize);
      this.slopesView = new Float64Array(this.memory.buffer, this.slopesAt, this.maxFaceSize / 2);
    }
  }
}
