// libXrandr: the refresh rate of the output (CRTC) the window is on.
#include <X11/Xlib.h>
#include <X11/extensions/Xrandr.h>
