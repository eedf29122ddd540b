// Barriers with static (a workgroup attribution) and dynamic shared memory:
// each of 2 blocks of 128 threads scans its values (an inclusive prefix sum,
// with barriers inside an scf.for) in dynamic shared memory, and reverses
// them through a workgroup attribution.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %smem = arith.constant 512 : i32
  %scanned = gpu.alloc host_shared () : memref<2x128xi32>
  %reversed = gpu.alloc host_shared () : memref<2x128xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %smem
             workgroup(%tile : memref<128xi32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c127 = arith.constant 127 : index
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %scan = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>>
        to memref<128xi32, #gpu.address_space<workgroup>>
    // Block b's values: t + 1 + 1000 b.
    %b = arith.index_cast %bx : index to i32
    %t = arith.index_cast %tx : index to i32
    %c1_i32 = arith.constant 1 : i32
    %c1000 = arith.constant 1000 : i32
    %base = arith.muli %b, %c1000 : i32
    %t1 = arith.addi %t, %c1_i32 : i32
    %v = arith.addi %t1, %base : i32
    memref.store %v, %scan[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %k = %c0 to %c7 step %c1 {
      %offset = arith.shli %c1, %k : index
      %has = arith.cmpi uge, %tx, %offset : index
      %add = scf.if %has -> i32 {
        %from = arith.subi %tx, %offset : index
        %other = memref.load %scan[%from] : memref<128xi32, #gpu.address_space<workgroup>>
        scf.yield %other : i32
      } else {
        %zero = arith.constant 0 : i32
        scf.yield %zero : i32
      }
      %mine = memref.load %scan[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %sum = arith.addi %mine, %add : i32
      memref.store %sum, %scan[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    %result = memref.load %scan[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
    memref.store %result, %scanned[%bx, %tx] : memref<2x128xi32>

    memref.store %v, %tile[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %mirror = arith.subi %c127, %tx : index
    %back = memref.load %tile[%mirror] : memref<128xi32, #gpu.address_space<workgroup>>
    memref.store %back, %reversed[%bx, %tx] : memref<2x128xi32>
    gpu.terminator
  }
  %scanned_u = memref.cast %scanned : memref<2x128xi32> to memref<*xi32>
  %reversed_u = memref.cast %reversed : memref<2x128xi32> to memref<*xi32>
  // Inclusive prefix sums of t + 1 + 1000 b
  // CHECK: {{\[}}[1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153, 171, 190, 210, 231, 253, 276, 300, 325, 351, 378, 406, 435, 465, 496, 528, 561, 595, 630, 666, 703, 741, 780, 820, 861, 903, 946, 990, 1035, 1081, 1128, 1176, 1225, 1275, 1326, 1378, 1431, 1485, 1540, 1596, 1653, 1711, 1770, 1830, 1891, 1953, 2016, 2080, 2145, 2211, 2278, 2346, 2415, 2485, 2556, 2628, 2701, 2775, 2850, 2926, 3003, 3081, 3160, 3240, 3321, 3403, 3486, 3570, 3655, 3741, 3828, 3916, 4005, 4095, 4186, 4278, 4371, 4465, 4560, 4656, 4753, 4851, 4950, 5050, 5151, 5253, 5356, 5460, 5565, 5671, 5778, 5886, 5995, 6105, 6216, 6328, 6441, 6555, 6670, 6786, 6903, 7021, 7140, 7260, 7381, 7503, 7626, 7750, 7875, 8001, 8128, 8256]
  // CHECK-NEXT: [1001, 2003, 3006, 4010, 5015, 6021, 7028, 8036, 9045, 10055, 11066, 12078, 13091, 14105, 15120, 16136, 17153, 18171, 19190, 20210, 21231, 22253, 23276, 24300, 25325, 26351, 27378, 28406, 29435, 30465, 31496, 32528, 33561, 34595, 35630, 36666, 37703, 38741, 39780, 40820, 41861, 42903, 43946, 44990, 46035, 47081, 48128, 49176, 50225, 51275, 52326, 53378, 54431, 55485, 56540, 57596, 58653, 59711, 60770, 61830, 62891, 63953, 65016, 66080, 67145, 68211, 69278, 70346, 71415, 72485, 73556, 74628, 75701, 76775, 77850, 78926, 80003, 81081, 82160, 83240, 84321, 85403, 86486, 87570, 88655, 89741, 90828, 91916, 93005, 94095, 95186, 96278, 97371, 98465, 99560, 100656, 101753, 102851, 103950, 105050, 106151, 107253, 108356, 109460, 110565, 111671, 112778, 113886, 114995, 116105, 117216, 118328, 119441, 120555, 121670, 122786, 123903, 125021, 126140, 127260, 128381, 129503, 130626, 131750, 132875, 134001, 135128, 136256]
  call @printMemrefI32(%scanned_u) : (memref<*xi32>) -> ()
  // The values in reverse
  // CHECK: {{\[}}[128, 127, 126, 125, 124, 123, 122, 121, 120, 119, 118, 117, 116, 115, 114, 113, 112, 111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100, 99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80, 79, 78, 77, 76, 75, 74, 73, 72, 71, 70, 69, 68, 67, 66, 65, 64, 63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
  // CHECK-NEXT: [1128, 1127, 1126, 1125, 1124, 1123, 1122, 1121, 1120, 1119, 1118, 1117, 1116, 1115, 1114, 1113, 1112, 1111, 1110, 1109, 1108, 1107, 1106, 1105, 1104, 1103, 1102, 1101, 1100, 1099, 1098, 1097, 1096, 1095, 1094, 1093, 1092, 1091, 1090, 1089, 1088, 1087, 1086, 1085, 1084, 1083, 1082, 1081, 1080, 1079, 1078, 1077, 1076, 1075, 1074, 1073, 1072, 1071, 1070, 1069, 1068, 1067, 1066, 1065, 1064, 1063, 1062, 1061, 1060, 1059, 1058, 1057, 1056, 1055, 1054, 1053, 1052, 1051, 1050, 1049, 1048, 1047, 1046, 1045, 1044, 1043, 1042, 1041, 1040, 1039, 1038, 1037, 1036, 1035, 1034, 1033, 1032, 1031, 1030, 1029, 1028, 1027, 1026, 1025, 1024, 1023, 1022, 1021, 1020, 1019, 1018, 1017, 1016, 1015, 1014, 1013, 1012, 1011, 1010, 1009, 1008, 1007, 1006, 1005, 1004, 1003, 1002, 1001]
  call @printMemrefI32(%reversed_u) : (memref<*xi32>) -> ()
  gpu.dealloc %scanned : memref<2x128xi32>
  gpu.dealloc %reversed : memref<2x128xi32>
  return
}
