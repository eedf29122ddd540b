// Kernels handed memrefs of plain host memory (memref.alloc, memref.alloca,
// memref.get_global), unregistered, as MLIR's own Vulkan programs do: on
// Vulkan each launch imports the pages its memrefs' elements lie in, from the
// lowest element to the end of the highest, as their descriptors place them.
// Views with an offset, strides of a column, a stride of -1 (the reverse of an
// array), rank 0 (with a static offset too), a memref without elements (null on the device), a global
// whose allocated pointer is 0xdeadbeef, two memrefs in one page, and one of
// 5000 elements that spans pages. Expected values are computed by hand.

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

memref.global "private" constant @table : memref<4xi32> = dense<[7, 11, 13, 17]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c50 = arith.constant 50 : index
  %c100 = arith.constant 100 : index
  %c5000 = arith.constant 5000 : index
  %cm1 = arith.constant -1 : index

  // A 6x8 matrix m[i][j] = 10i + j; a kernel doubles column 5 of rows 1 to 4
  // through a view of offset 13 and stride 8.
  %m = memref.alloc() : memref<6x8xi32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %ten = arith.constant 10 : index
      %a = arith.muli %i, %ten : index
      %v = arith.addi %a, %j : index
      %n = arith.index_cast %v : index to i32
      memref.store %n, %m[%i, %j] : memref<6x8xi32>
    }
  }
  %column = memref.subview %m[1, 5] [4, 1] [1, 1]
      : memref<6x8xi32> to memref<4xi32, strided<[8], offset: 13>>
  %column_any = memref.cast %column
      : memref<4xi32, strided<[8], offset: 13>> to memref<?xi32, strided<[?], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %x = memref.load %column_any[%tx] : memref<?xi32, strided<[?], offset: ?>>
    %y = arith.addi %x, %x : i32
    memref.store %y, %column_any[%tx] : memref<?xi32, strided<[?], offset: ?>>
    gpu.terminator
  }
  %mu = memref.cast %m : memref<6x8xi32> to memref<*xi32>
  // CHECK: [0,   1,   2,   3,   4,   5,   6,   7],
  // CHECK: [10,   11,   12,   13,   14,   30,   16,   17],
  // CHECK: [20,   21,   22,   23,   24,   50,   26,   27],
  // CHECK: [30,   31,   32,   33,   34,   70,   36,   37],
  // CHECK: [40,   41,   42,   43,   44,   90,   46,   47],
  // CHECK: [50,   51,   52,   53,   54,   55,   56,   57]
  call @printMemrefI32(%mu) : (memref<*xi32>) -> ()

  // The reverse of a 4-element array: offset 3, stride -1. Thread t writes
  // 100 + t through it, to element 3 - t.
  %r = memref.alloca() : memref<4xi32>
  %reverse = memref.reinterpret_cast %r to offset: [%c3], sizes: [%c4], strides: [%cm1]
      : memref<4xi32> to memref<?xi32, strided<[?], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %hundred = arith.constant 100 : i32
    %v = arith.addi %t, %hundred : i32
    memref.store %v, %reverse[%tx] : memref<?xi32, strided<[?], offset: ?>>
    gpu.terminator
  }
  %ru = memref.cast %r : memref<4xi32> to memref<*xi32>
  // CHECK: [103,  102,  101,  100]
  call @printMemrefI32(%ru) : (memref<*xi32>) -> ()

  // A constant global (allocated pointer 0xdeadbeef) read, a rank-0 memref
  // written, two small arrays in one page, and one of no elements.
  %table = memref.get_global @table : memref<4xi32>
  %sum = memref.alloc() : memref<i32>
  %small = memref.alloc() : memref<3xf32>
  %none = memref.alloc(%c0) : memref<?xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c1, %sz = %c1) {
    %x = memref.load %table[%tx] : memref<4xi32>
    %y = memref.load %table[%c3] : memref<4xi32>
    %s = arith.addi %x, %y : i32
    %f = arith.sitofp %s : i32 to f32
    memref.store %f, %small[%tx] : memref<3xf32>
    %n = memref.dim %none, %c0 : memref<?xf32>
    %empty = arith.cmpi eq, %n, %c0 : index
    %first = arith.cmpi eq, %tx, %c0 : index
    %write = arith.andi %empty, %first : i1
    scf.if %write {
      %a = memref.load %table[%c0] : memref<4xi32>
      %b = memref.load %table[%c1] : memref<4xi32>
      %c = memref.load %table[%c2] : memref<4xi32>
      %ab = arith.addi %a, %b : i32
      %abc = arith.addi %ab, %c : i32
      memref.store %abc, %sum[] : memref<i32>
    }
    gpu.terminator
  }
  %smallu = memref.cast %small : memref<3xf32> to memref<*xf32>
  // Element 1 of %small through a view of rank 0 and static offset 1.
  %middle = memref.subview %small[1] [1] [1]
      : memref<3xf32> to memref<f32, strided<[], offset: 1>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %x = memref.load %middle[] : memref<f32, strided<[], offset: 1>>
    %y = arith.addf %x, %x : f32
    memref.store %y, %middle[] : memref<f32, strided<[], offset: 1>>
    gpu.terminator
  }
  // CHECK: [24,  56,  30]
  call @printMemrefF32(%smallu) : (memref<*xf32>) -> ()
  %sumu = memref.cast %sum : memref<i32> to memref<*xi32>
  // CHECK: [31]
  call @printMemrefI32(%sumu) : (memref<*xi32>) -> ()

  // 5000 elements, over pages: big[i] = 3i - 1.
  %big = memref.alloc() : memref<5000xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c50, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c100, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %c100 : index
    %i = arith.addi %base, %tx : index
    %n = arith.index_cast %i : index to i32
    %three = arith.constant 3 : i32
    %one = arith.constant 1 : i32
    %n3 = arith.muli %n, %three : i32
    %v = arith.subi %n3, %one : i32
    memref.store %v, %big[%i] : memref<5000xi32>
    gpu.terminator
  }
  %ends = memref.subview %big[4996] [4] [1]
      : memref<5000xi32> to memref<4xi32, strided<[1], offset: 4996>>
  %endsu = memref.cast %ends
      : memref<4xi32, strided<[1], offset: 4996>> to memref<*xi32>
  // CHECK: [14987,  14990,  14993,  14996]
  call @printMemrefI32(%endsu) : (memref<*xi32>) -> ()
  %starts = memref.subview %big[0] [3] [1]
      : memref<5000xi32> to memref<3xi32, strided<[1]>>
  %startsu = memref.cast %starts : memref<3xi32, strided<[1]>> to memref<*xi32>
  // CHECK: [-1,  2,  5]
  call @printMemrefI32(%startsu) : (memref<*xi32>) -> ()

  memref.dealloc %m : memref<6x8xi32>
  memref.dealloc %sum : memref<i32>
  memref.dealloc %small : memref<3xf32>
  memref.dealloc %none : memref<?xf32>
  memref.dealloc %big : memref<5000xi32>
  return
}
