//! The C ABI (`include/goap.h`). The only module with `unsafe` code.
