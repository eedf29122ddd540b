// host_peers' kernels in OpenCL C for PoCL's CPU device: the kernels of
// kernels.mlir and host_kernels.mlir, thread for work-item, shared memory for
// __local. PoCL offers no subgroups (cl_khr_subgroups), so softmax's
// subgroup reductions are a tree in __local memory over each row's 32
// work-items. Each kernel requires the work-group size it is enqueued with,
// as kernels.mlir's declare their blocks (known_block_size).

kernel __attribute__((reqd_work_group_size(256, 1, 1))) void
vector_add(global const float *a, global const float *b, global float *c,
           ulong n) {
  size_t i = get_global_id(0);
  if (i < n)
    c[i] = a[i] + b[i];
}

kernel __attribute__((reqd_work_group_size(256, 1, 1))) void
block_sum(global const float *in, global float *partial, ulong n) {
  local float tile[256];
  size_t tid = get_local_id(0), i = get_global_id(0);
  tile[tid] = i < n ? in[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t width = 128; width > 0; width >>= 1) {
    if (tid < width)
      tile[tid] += tile[tid + width];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0)
    partial[get_group_id(0)] = tile[0];
}

kernel __attribute__((reqd_work_group_size(16, 16, 1))) void
matmul_naive(global const float *a, global const float *b, global float *c,
             ulong n) {
  size_t col = get_global_id(0), row = get_global_id(1);
  float sum = 0.0f;
  for (size_t k = 0; k < n; ++k)
    sum += a[row * n + k] * b[k * n + col];
  c[row * n + col] = sum;
}

kernel __attribute__((reqd_work_group_size(16, 16, 1))) void
matmul_tiled(global const float *a, global const float *b, global float *c,
             ulong n) {
  local float as[16][16], bs[16][16];
  size_t tx = get_local_id(0), ty = get_local_id(1);
  size_t row = get_group_id(1) * 16 + ty, col = get_group_id(0) * 16 + tx;
  float sum = 0.0f;
  for (size_t k0 = 0; k0 < n; k0 += 16) {
    as[ty][tx] = a[row * n + k0 + tx];
    bs[ty][tx] = b[(k0 + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t k = 0; k < 16; ++k)
      sum += as[ty][k] * bs[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = sum;
}

kernel __attribute__((reqd_work_group_size(32, 8, 1))) void
jacobi(global const float *in, global float *out, ulong n) {
  size_t j = get_global_id(0), i = get_global_id(1);
  if (i > 0 && j > 0 && i < n - 1 && j < n - 1)
    out[i * n + j] = ((in[(i - 1) * n + j] + in[(i + 1) * n + j]) +
                      (in[i * n + j - 1] + in[i * n + j + 1])) *
                     0.25f;
}

kernel __attribute__((reqd_work_group_size(256, 1, 1))) void
histogram(global const int *in, global int *hist, ulong n) {
  local int counts[256];
  size_t tid = get_local_id(0);
  counts[tid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&counts[in[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&hist[tid], counts[tid]);
}

kernel __attribute__((reqd_work_group_size(32, 8, 1))) void
softmax(global const float *in, global float *out, ulong cols) {
  local float lanes[8][32];
  size_t lane = get_local_id(0), y = get_local_id(1), row = get_global_id(1);
  global const float *x = in + row * cols;
  float m = -INFINITY;
  for (size_t j = lane; j < cols; j += 32)
    m = fmax(m, x[j]);
  lanes[y][lane] = m;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t width = 16; width > 0; width >>= 1) {
    if (lane < width)
      lanes[y][lane] = fmax(lanes[y][lane], lanes[y][lane + width]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float max = lanes[y][0];
  barrier(CLK_LOCAL_MEM_FENCE);
  float s = 0.0f;
  for (size_t j = lane; j < cols; j += 32)
    s += exp(x[j] - max);
  lanes[y][lane] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t width = 16; width > 0; width >>= 1) {
    if (lane < width)
      lanes[y][lane] += lanes[y][lane + width];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  float inverse = 1.0f / lanes[y][0];
  for (size_t j = lane; j < cols; j += 32)
    out[row * cols + j] = exp(x[j] - max) * inverse;
}

kernel __attribute__((reqd_work_group_size(1, 1, 1))) void empty(void) {}
