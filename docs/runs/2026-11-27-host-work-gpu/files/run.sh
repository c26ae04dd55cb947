source .device-debs/env.sh >/dev/null; export PATH=/usr/local/cuda/bin:$PATH
{ cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCUDAGRADE_BUILD_TESTS=OFF && cmake --build build -j16 --target cudagrade; } > $OUT/build.log 2>&1 || { tail -20 $OUT/build.log; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt; date -u | tee -a $OUT/gpu.txt
cases=tests/data/class/matmul.yaml
for f in .device-debs/h/host_compute_dummy_kernel.cu .device-debs/h/zeroes_then_kernel.cu submissions/adversarial/matmul/host_compute.cu submissions/adversarial/matmul/host_result_moved_by_kernel.cu submissions/matmul/correct.cu; do
  for race in off sim; do
    build/cudagrade check matmul $f --backend gpu --cases $cases --race-check $race > $OUT/$(basename $f .cu)-race-$race.txt 2>&1
    echo "$(basename $f) race-check=$race: $(grep -E '^score' $OUT/$(basename $f .cu)-race-$race.txt) | $(grep -m1 -oE 'host_compute|passed|wrong_answer|rejected|crashed' $OUT/$(basename $f .cu)-race-$race.txt | head -1)"
  done
done | tee $OUT/host-work-gpu.txt
bash scripts/device-labs.sh check matmul reduction transpose histogram > /dev/null 2>&1
for l in matmul reduction transpose histogram; do echo "$l: $(grep -E 'is sound|problem' $OUT/lab-check-$l.txt | tail -1) $(tail -1 $OUT/lab-check-$l.txt)"; done | tee $OUT/lab-checks.txt
cd $OUT && tar czf all.tgz *.txt && rm -f *-race-*.txt lab-check-*.txt
