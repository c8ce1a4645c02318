// libjpeg-turbo's TurboJPEG API (Debian libturbojpeg0-dev): error codes, no setjmp.
#include <turbojpeg.h>
