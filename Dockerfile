# polypress for CI (docs/install.md, docs/ci.md): Debian 12 slim with the
# package `cpack -G DEB` makes, the CA certificates `check --external` needs
# and git (paths, `translations --diff`). It runs as an unprivileged user.
# Build the package first:
#   cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF
#   cmake --build build && (cd build && cpack -G DEB)
#   docker build -t polypress -f Dockerfile build
# then: docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/site" -w /site polypress validate --format github
FROM debian:12-slim
COPY polypress_*.deb /tmp/
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates git /tmp/polypress_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/polypress_*.deb \
 && useradd --create-home --uid 10001 --shell /usr/sbin/nologin polypress
USER polypress
ENTRYPOINT ["polypress"]
CMD ["--help"]
