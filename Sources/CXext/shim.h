// libXext: the SYNC extension's counters (_NET_WM_SYNC_REQUEST frame synchronisation).
#include <X11/Xlib.h>
#include <X11/extensions/sync.h>
