# cudagrade's image: the installed tree (cmake --install, as the .deb lays it out) on NVIDIA's CUDA devel
# image, for a self-hosted GPU runner, PrairieLearn's external grader and batch grading of a class.
#
#   docker build --build-arg CUDAGRADE_COMMIT="$(git rev-parse HEAD)" -t cudagrade:0.1.0 .
#   docker run --rm --gpus all -v "$PWD:/work" -w /work cudagrade:0.1.0 cudagrade check matmul matmul.cu
#   docker build --target prairielearn -t REGISTRY/cudagrade:0.1.0 .    (PrairieLearn: see below)
#
# The default target runs as the unprivileged user cudagrade. The GPU, and the driver libraries, come from
# the host through the NVIDIA Container Toolkit (--gpus); without one cudagrade grades in its CPU simulator.
ARG CUDA_IMAGE=nvidia/cuda:13.0.1-devel-ubuntu24.04

FROM ${CUDA_IMAGE} AS installed
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
ENV DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8
# The runtime packages first, from the one list the .deb and the platform packages use: a source change then
# rebuilds only the layers below.
COPY scripts/install-deps.sh /opt/cudagrade-src/scripts/install-deps.sh
COPY scripts/deps /opt/cudagrade-src/scripts/deps
RUN /opt/cudagrade-src/scripts/install-deps.sh --runtime && rm -rf /var/lib/apt/lists/*
COPY CMakeLists.txt README.md /opt/cudagrade-src/
COPY cmake /opt/cudagrade-src/cmake
COPY grader /opt/cudagrade-src/grader
COPY skeleton /opt/cudagrade-src/skeleton
COPY reference /opt/cudagrade-src/reference
COPY testcases /opt/cudagrade-src/testcases
# The image holds no .git: the commit every report names is given here.
ARG CUDAGRADE_COMMIT=unknown
RUN cmake -S /opt/cudagrade-src -B /tmp/cudagrade-build -DCUDAGRADE_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
      -DCUDAGRADE_COMMIT="${CUDAGRADE_COMMIT}" \
    && cmake --build /tmp/cudagrade-build -j "$(nproc)" \
    && cmake --install /tmp/cudagrade-build --prefix /usr/local \
    && rm -rf /tmp/cudagrade-build /opt/cudagrade-src \
    && cudagrade --version \
    && useradd --create-home --shell /bin/bash --uid 10001 --user-group cudagrade

# PrairieLearn starts its entrypoint as the image's user and needs it to create /grade/results, so this
# target stays root; the question's grade.sh (cudagrade package prairielearn) runs cudagrade itself as the
# user cudagrade.
FROM installed AS prairielearn
WORKDIR /grade

# The default: a GPU runner's or an instructor's grader, as an unprivileged user.
FROM installed AS grader
# The user cudagrade, by number, so that a host without the name still resolves it.
USER 10001:10001
WORKDIR /home/cudagrade
CMD ["cudagrade", "devices"]
