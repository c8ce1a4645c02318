// libwebp's decoder (Debian libwebp-dev).
#include <webp/decode.h>

/// WebPInitDecoderConfig is a macro-wrapped inline call Swift cannot see.
static inline int gd_webp_init_config(WebPDecoderConfig *config) {
    return WebPInitDecoderConfig(config);
}
