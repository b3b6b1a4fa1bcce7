/**
 * An open-addressing hash table from packed state keys to values, on typed arrays: a key is `width`
 * whole numbers below 2^53 (Float64Array words, the first never 0: 0 marks an empty slot), a value
 * one float64 stored right after its key (one cache line read per probe). Linear probing, at most half
 * full, doubling when it would be fuller. No object per state, no string keys.
 *
 * Memory: (8 x width + 8) bytes per slot, 2 to 4 slots per state, and while it doubles the old and
 * the new arrays live together (3 slots' worth per state at the peak of the last doubling).
 *
 * @example
 * const table = new StateTable(1);
 * const key = new Float64Array([12345]);
 * table.set(key, 0, 0.5);
 * table.get(key, 0) // 0.5 (and -1 for a key never set)
 */
export class StateTable {
  /** Number of keys stored. */
  size = 0;
  private capacity: number;
  private mask: number;
  /** Slot s: key words at s * (width + 1), then its value. */
  private slots: Float64Array;

  constructor(
    readonly width: number,
    initialCapacity = 1 << 16,
  ) {
    let capacity = 16;
    while (capacity < initialCapacity) capacity *= 2;
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.slots = new Float64Array(capacity * (width + 1));
  }

  /** Bytes one slot takes. */
  static bytesPerSlot(width: number): number {
    return 8 * width + 8;
  }

  /** Bytes held now. */
  bytes(): number {
    return this.capacity * StateTable.bytesPerSlot(this.width);
  }

  private slotOf(key: Float64Array, at: number): number {
    const width = this.width;
    let h = 0x2545f491;
    for (let i = 0; i < width; i++) {
      const word = key[at + i];
      const low = word >>> 0;
      const high = (word / 4294967296) >>> 0;
      h = Math.imul(h ^ low, 0x9e3779b1);
      h = Math.imul(h ^ (h >>> 15) ^ high, 0x85ebca77);
    }
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae3d);
    h ^= h >>> 16;
    return h & this.mask;
  }

  /**
   * Where the key at key[at .. at + width) stands: the start of its slot, or, when absent, -1 - the start of the
   * empty slot it would take (a key's first word is never 0, so an empty slot starts with 0).
   */
  private find(key: Float64Array, at: number): number {
    const width = this.width;
    const stride = width + 1;
    const slots = this.slots;
    const mask = this.mask;
    const first = key[at];
    for (let slot = this.slotOf(key, at); ; slot = (slot + 1) & mask) {
      const base = slot * stride;
      const stored = slots[base];
      if (stored === 0) return -1 - base;
      if (stored !== first) continue;
      let same = true;
      for (let i = 1; i < width; i++)
        if (slots[base + i] !== key[at + i]) {
          same = false;
          break;
        }
      if (same) return base;
    }
  }

  /** The value stored for the key at key[at .. at + width), or -1 when absent (stored values are >= 0). */
  get(key: Float64Array, at: number): number {
    const base = this.find(key, at);
    return base < 0 ? -1 : this.slots[base + this.width];
  }

  /** Stores a value (>= 0) for the key at key[at .. at + width); a key already there gets the new value. */
  set(key: Float64Array, at: number, value: number): void {
    if (2 * (this.size + 1) > this.capacity) this.grow();
    const width = this.width;
    let base = this.find(key, at);
    if (base < 0) {
      base = -1 - base;
      for (let i = 0; i < width; i++) this.slots[base + i] = key[at + i];
      this.size++;
    }
    this.slots[base + width] = value;
  }

  private grow(): void {
    const stride = this.width + 1;
    const old = this.slots;
    const oldCapacity = this.capacity;
    this.capacity = oldCapacity * 2;
    this.mask = this.capacity - 1;
    this.slots = new Float64Array(this.capacity * stride);
    const slots = this.slots;
    for (let s = 0; s < oldCapacity; s++) {
      const from = s * stride;
      if (old[from] === 0) continue;
      let slot = this.slotOf(old, from);
      while (slots[slot * stride] !== 0) slot = (slot + 1) & this.mask;
      for (let i = 0; i < stride; i++) slots[slot * stride + i] = old[from + i];
    }
  }
}
