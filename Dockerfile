# The Owlpost server in a container: build with the Rust toolchain, run on a slim image.
FROM rust:1-bookworm AS build
WORKDIR /src
# The dependencies first, in a layer of their own: it is built again only
# when a Cargo.toml or Cargo.lock changes, not on every change of our code.
COPY Cargo.toml Cargo.lock ./
COPY api/Cargo.toml api/
COPY domain/Cargo.toml domain/
RUN mkdir -p src api/src domain/src benches \
    && echo 'fn main() {}' > src/main.rs \
    && echo 'fn main() {}' > benches/load.rs \
    && touch api/src/lib.rs domain/src/lib.rs \
    && cargo build --release --bin owlpost \
    && rm -rf src api/src domain/src benches
COPY . .
# The copied sources may be older than the placeholders built above: touch
# them, or cargo would keep the empty crates.
RUN touch src/main.rs api/src/lib.rs domain/src/lib.rs \
    && cargo build --release --bin owlpost

FROM debian:bookworm-slim
# CA certificates: webhooks are delivered over HTTPS, checked against the system's roots.
# Not pinned (DL3008): the roots must follow Debian's security updates.
# The user has a fixed numeric id, so a host can tell who owns the data volume.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home /var/lib/owlpost owlpost \
    && mkdir -p /var/lib/owlpost \
    && chown owlpost /var/lib/owlpost
COPY --from=build /src/target/release/owlpost /usr/local/bin/owlpost
USER 10001
ENV OWLPOST_BIND=0.0.0.0:8080 OWLPOST_DATA_DIR=/var/lib/owlpost
EXPOSE 8080
ENTRYPOINT ["owlpost"]
CMD ["serve"]
