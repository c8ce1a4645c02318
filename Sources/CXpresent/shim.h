// libXpresent: frames shown with PresentPixmap and paced from PresentCompleteNotify (UST/MSC);
// libXfixes for the update regions it takes.
#include <X11/Xlib.h>
#include <X11/extensions/Xfixes.h>
#include <X11/extensions/Xpresent.h>
