// libheif (Debian libheif-dev): HEIC and AVIF stills, through its HEVC and AV1 plugins.
#include <libheif/heif.h>
