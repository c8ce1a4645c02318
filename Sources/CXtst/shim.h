// libXtst: the bench moves the pointer with XTestFakeMotionEvent / XTestFakeButtonEvent
// (xdotool's motion is not seen under the app's pointer grab).
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
