// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GestureDeck",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "gesturedeck", targets: ["gesturedeck"]),
        .executable(name: "gesturedeck-bench", targets: ["gesturedeck-bench"]),
    ],
    targets: [
        // C libraries from Debian, reached through module maps.
        .systemLibrary(
            name: "CX11", path: "Sources/CX11", pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxi-dev", "libxcursor-dev", "libxext-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CXkbCommon", path: "Sources/CXkbCommon", pkgConfig: "xkbcommon-x11",
            providers: [.apt(["libxkbcommon-x11-dev", "libx11-xcb-dev"])]),
        .systemLibrary(
            name: "CXext", path: "Sources/CXext", pkgConfig: "xext",
            providers: [.apt(["libxext-dev"])]),
        // Tests only: the cursor image the server shows.
        .systemLibrary(
            name: "CXfixes", path: "Sources/CXfixes", pkgConfig: "xfixes",
            providers: [.apt(["libxfixes-dev"])]),
        // Present (PresentPixmap, PresentCompleteNotify) and RANDR (the output's refresh rate).
        .systemLibrary(
            name: "CXpresent", path: "Sources/CXpresent", pkgConfig: "xpresent",
            providers: [.apt(["libxpresent-dev", "libxfixes-dev"])]),
        .systemLibrary(
            name: "CXrandr", path: "Sources/CXrandr", pkgConfig: "xrandr",
            providers: [.apt(["libxrandr-dev"])]),
        // The bench: XTest input the app sees under its pointer grab.
        .systemLibrary(
            name: "CXtst", path: "Sources/CXtst", pkgConfig: "xtst",
            providers: [.apt(["libxtst-dev"])]),
        .systemLibrary(
            name: "CJPEG", path: "Sources/CJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng16",
            providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CHeif", path: "Sources/CHeif", pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "Sources/CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),

        // Pure Swift: gestures, physics, scenes, display lists. No C, no clock, no I/O.
        .target(name: "InteractionEngine"),
        // Draws engine display lists with Cairo and Pango; headless PNG output.
        .target(name: "CairoRenderer", dependencies: ["InteractionEngine", "CCairo", "CPangoCairo", "CJPEG", "CPNG", "CWebP", "CHeif"]),
        // Command line, assets, state file, event output: everything the hosts share.
        .target(name: "DeckApp", dependencies: ["InteractionEngine", "CairoRenderer"]),
        // The X11 window, its poll() loop and the XEvent -> engine input mapping.
        .target(name: "X11Host", dependencies: ["InteractionEngine", "CairoRenderer", "DeckApp", "CX11", "CCairo", "CXkbCommon", "CXext", "CXpresent", "CXrandr"]),
        .executableTarget(name: "gesturedeck", dependencies: ["DeckApp", "X11Host"]),
        // Prints frame, engine, idle, latency and memory figures (see README "Performance").
        .executableTarget(name: "gesturedeck-bench", dependencies: ["DeckApp", "CairoRenderer", "InteractionEngine", "X11Host", "CX11", "CCairo", "CXtst", "TestSupport"]),

        // What the test targets share (Xvfb, the app's process, scratch folders, bad files, a scene
        // driver); the bench starts its private X server with it too.
        .target(name: "TestSupport", dependencies: ["DeckApp", "InteractionEngine", "CX11"], path: "Tests/TestSupport"),
        .testTarget(name: "InteractionEngineTests", dependencies: ["InteractionEngine", "TestSupport"]),
        .testTarget(name: "CairoRendererTests", dependencies: ["CairoRenderer", "DeckApp", "InteractionEngine", "TestSupport"]),
        .testTarget(name: "DeckAppTests", dependencies: ["DeckApp", "InteractionEngine", "TestSupport"]),
        .testTarget(name: "X11HostTests", dependencies: ["X11Host", "DeckApp", "CX11", "CXkbCommon", "CXext", "CXfixes", "TestSupport"]),
    ]
)
