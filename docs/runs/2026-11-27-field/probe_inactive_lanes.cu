// What a shuffle returns on this GPU when its source lane does not take part (issue #30): the CUDA
// Programming Guide leaves it undefined; the simulator should return what the hardware does, so that the
// two backends agree on files that read such a lane. Build and run on the GPU machine:
//   nvcc -arch=sm_90 -o probe probe_inactive_lanes.cu && ./probe
// Each row: the value lane L received, for a source lane inside the mask, outside it and inactive (in the
// branch not taken), and outside it and exited.
#include <cstdio>

__global__ void probe(int* out) {
  const int lane = threadIdx.x;
  int v = 100 + lane;
  if (lane >= 24) return;  // lanes 24 to 31 exit
  if (lane < 8) {
    out[0 * 8 + lane] = __shfl_down_sync(0xffu, v, 4);   // lanes 4 to 11: 8 to 11 are inactive
    out[1 * 8 + lane] = __shfl_down_sync(0xffu, v, 16);  // lanes 16 to 23: inactive
    out[2 * 8 + lane] = __shfl_down_sync(0xffu, v, 24);  // lanes 24 to 31: exited
    out[3 * 8 + lane] = __shfl_sync(0xffu, v * 3, 12);   // lane 12: inactive, reading another value
  } else {
    v = -v;  // the inactive lanes' registers change meanwhile
    out[32 + lane] = v;
  }
}

int main() {
  int* device = nullptr;
  cudaMalloc(&device, 64 * sizeof(int));
  cudaMemset(device, 0xff, 64 * sizeof(int));
  probe<<<1, 32>>>(device);
  int host[64];
  cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost);
  const char* rows[] = {"down 4 (lanes 4-11)", "down 16 (inactive)", "down 24 (exited)", "idx 12 of v*3 (inactive)"};
  for (int row = 0; row < 4; ++row) {
    std::printf("%-26s", rows[row]);
    for (int lane = 0; lane < 8; ++lane) std::printf(" %6d", host[row * 8 + lane]);
    std::printf("\n");
  }
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
