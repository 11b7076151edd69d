// @ts-check
// Whether this browser can run tmlab's wasm: WebAssembly with 128-bit SIMD (the crate is built
// with +simd128). Shared by the playground and the <tm-curve> element.

/** The smallest module using a SIMD instruction (`i8x16.popcnt` of an `i8x16.splat`). */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

/** True when WebAssembly exists and validates a SIMD module. */
export function hasWasmSimd() {
  return (
    typeof WebAssembly === 'object' &&
    typeof WebAssembly.instantiate === 'function' &&
    WebAssembly.validate(SIMD_PROBE)
  );
}
