// libXfixes: the tests read the cursor the server shows (XFixesGetCursorImage).
#include <X11/Xlib.h>
#include <X11/extensions/Xfixes.h>
