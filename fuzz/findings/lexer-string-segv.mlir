
module"=#gpu.kernel_metadata<wÊ