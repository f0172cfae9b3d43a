// Element access by index into the regions of linear memory (see regions.ts).

export function getF64(base: usize, i: i32): f64 {
  return load<f64>(base + ((<usize>i) << 3));
}
export function setF64(base: usize, i: i32, v: f64): void {
  store<f64>(base + ((<usize>i) << 3), v);
}
export function getI32(base: usize, i: i32): i32 {
  return load<i32>(base + ((<usize>i) << 2));
}
export function setI32(base: usize, i: i32, v: i32): void {
  store<i32>(base + ((<usize>i) << 2), v);
}
export function getU32(base: usize, i: i32): u32 {
  return load<u32>(base + ((<usize>i) << 2));
}
export function setU32(base: usize, i: i32, v: u32): void {
  store<u32>(base + ((<usize>i) << 2), v);
}
