// libxkbcommon-x11: the server's keymap, every layout of it, keysyms per level.
// XKBlib (part of libX11) selects the XKB events that say the keymap changed;
// Xlib-xcb hands libxkbcommon-x11 the XCB connection under the Xlib display.
#include <X11/Xlib.h>
#include <X11/XKBlib.h>
#include <X11/Xlib-xcb.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-x11.h>
