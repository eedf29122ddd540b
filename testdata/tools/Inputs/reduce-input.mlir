// A program that offload-opt --offload-lower-to-host rejects for one op in
// it: the nested module. offload-reduce shrinks it to that op.
module {
  func.func @a() {
    return
  }
  func.func @b(%x: i32) -> i32 {
    return %x : i32
  }
  module @nested {
    func.func @c() {
      return
    }
  }
  func.func @d() {
    return
  }
}
