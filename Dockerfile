# The Owlpost server in a container: build with the Rust toolchain, run on a slim image.
FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --bin owlpost

FROM debian:bookworm-slim
RUN useradd --system --home /var/lib/owlpost owlpost && mkdir -p /var/lib/owlpost && chown owlpost /var/lib/owlpost
COPY --from=build /src/target/release/owlpost /usr/local/bin/owlpost
USER owlpost
ENV OWLPOST_BIND=0.0.0.0:8080 OWLPOST_DATA_DIR=/var/lib/owlpost
EXPOSE 8080
ENTRYPOINT ["owlpost"]
CMD ["serve"]
