/**
 * xoshiro128** (Blackman & Vigna): a small, fast 32-bit generator with explicit state
 * and jump functions that split one sequence into non-overlapping streams.
 *
 * State is four uint32 words held in plain number fields so that V8 keeps them in
 * registers inside hot loops; `nextUint32()` is monomorphic and gets inlined.
 *
 * @example
 * const rng = Xoshiro128.fromState([1, 2, 3, 4]);
 * rng.nextUint32(); // 11520
 */
export type RngState = readonly [number, number, number, number];

const JUMP = [0x8764000b, 0xf542d2d3, 0x6fa035c3, 0x77f2db5b] as const; // 2^64 steps
const LONG_JUMP = [0xb523952e, 0x0b6f099f, 0xccf5a0ef, 0x1c580662] as const; // 2^96 steps

export class Xoshiro128 {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  private constructor(s0: number, s1: number, s2: number, s3: number) {
    this.s0 = s0 >>> 0;
    this.s1 = s1 >>> 0;
    this.s2 = s2 >>> 0;
    this.s3 = s3 >>> 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) throw new Error('xoshiro128** state must not be all zero');
  }

  static fromState(state: RngState): Xoshiro128 {
    return new Xoshiro128(state[0], state[1], state[2], state[3]);
  }

  state(): RngState {
    return [this.s0, this.s1, this.s2, this.s3];
  }

  /** Reset the state in place (an all-zero state, probability 2^-128, becomes 1,0,0,0). */
  setState(s0: number, s1: number, s2: number, s3: number): void {
    this.s0 = s0 >>> 0;
    this.s1 = s1 >>> 0;
    this.s2 = s2 >>> 0;
    this.s3 = s3 >>> 0;
    if ((s0 | s1 | s2 | s3) === 0) this.s0 = 1;
  }

  /** Next uniform uint32 in [0, 2^32). */
  nextUint32(): number {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /** Uniform float in [0, 1). */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Advance 2^64 steps in place: gives 2^64 non-overlapping sub-streams. */
  jump(): this {
    return this.applyJump(JUMP);
  }

  /** Advance 2^96 steps in place: gives 2^32 non-overlapping families of jump() streams. */
  longJump(): this {
    return this.applyJump(LONG_JUMP);
  }

  private applyJump(table: readonly number[]): this {
    let a = 0,
      b = 0,
      c = 0,
      d = 0;
    for (const word of table) {
      for (let bit = 0; bit < 32; bit++) {
        if (word & (1 << bit)) {
          a ^= this.s0;
          b ^= this.s1;
          c ^= this.s2;
          d ^= this.s3;
        }
        this.nextUint32();
      }
    }
    this.s0 = a >>> 0;
    this.s1 = b >>> 0;
    this.s2 = c >>> 0;
    this.s3 = d >>> 0;
    return this;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
