@testable import CairoRenderer
import Foundation
import InteractionEngine
import Testing

/// Issue 17: what the drawing thread does with pictures, counted (never timed): it never
/// frees what the cache lets go, never waits for the workers' lock, and takes in no more
/// bytes a frame than `PictureMetrics.arrivalBytesPerFrame`.
@Suite struct PictureHandoverTests {
    /// `count` distinct small PNGs (drawn scaled up, so each delivered copy is the drawn size).
    private func pictures(_ f: PictureFixtures, _ count: Int) throws -> [String] {
        try (0..<count).map { i in
            try f.convert(["-size", "16x16", "xc:rgb(\(20 * i),\(200 - 20 * i),90)"], to: "p\(i).png")
        }
    }

    private func list(_ paths: [String], side: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(.white))
        for path in paths {
            list.append(.image(path: path, Rect(x: 0, y: 0, width: side, height: side), alpha: 1, cornerRadius: 0))
        }
        return list
    }

    /// Draws `list` until the workers are idle and nothing is left to take in.
    private func settle(_ renderer: CairoRenderer, _ list: DisplayList, side: Int) {
        for _ in 0..<100 {
            renderer.waitForPictures()
            _ = renderer.image(of: list, width: side, height: side)
            if !renderer.pictureFigures.busy && !renderer.picturesNeedFrame { break }
        }
    }

    /// Pictures evicted from a small cache are freed by a worker: none on the drawing thread.
    /// The old hand-over (`.waiting`) frees them on the drawing thread: the count sees it.
    @Test(arguments: [PictureHandover.nonBlocking, .waiting])
    func evictedPicturesAreFreedOffTheDrawingThread(_ handover: PictureHandover) throws {
        let f = try PictureFixtures()
        let paths = try pictures(f, 6)
        let renderer = CairoRenderer()
        renderer.startBackgroundDecoding(threads: 1, handover: handover)
        renderer.pictureCacheBytes = 1 << 20  // the smallest budget: three 300x300 copies (360 KB each) at most
        for path in paths {  // one picture a frame, so each frame evicts the older ones
            settle(renderer, list([path], side: 300), side: 300)
        }
        renderer.waitForPictures()
        let figures = renderer.pictureFigures
        #expect(figures.evictions >= 3, "\(figures.evictions) evictions")
        switch handover {
        case .nonBlocking:
            #expect(figures.freedOnDrawingThread == 0)
            #expect(figures.freedByWorkers == figures.evictions, "\(figures.freedByWorkers) of \(figures.evictions)")
        case .waiting:
            #expect(figures.freedOnDrawingThread == figures.evictions && figures.freedByWorkers == 0)
        }
    }

    /// A frame that finds a worker holding the lock draws on without it (a miss, counted),
    /// asks for another frame, and the next frame takes the picture in.
    @Test func aFrameNeverWaitsForTheWorkersLock() throws {
        let f = try PictureFixtures()
        let path = try pictures(f, 1)[0]
        let renderer = CairoRenderer()
        renderer.startBackgroundDecoding(threads: 1)
        let frame = list([path], side: 100)
        _ = renderer.image(of: frame, width: 100, height: 100)  // the wish
        renderer.waitForPictures()
        let workers = try #require(renderer.pictures.workers)
        let held = DispatchSemaphore(value: 0), drawn = DispatchSemaphore(value: 0)
        Thread {
            workers.whileLocked {
                held.signal()
                // Held until the frame is drawn; if the frame waited for the lock, the
                // timeout lets it through and the counts below fail instead of hanging.
                _ = drawn.wait(timeout: .now() + 3)
            }
        }.start()
        held.wait()
        _ = renderer.image(of: frame, width: 100, height: 100)
        drawn.signal()
        #expect(renderer.pictureFigures.lockMisses >= 1)
        #expect(renderer.lastPictureFrame.arrivals == 0, "the frame took the picture in: it waited for the lock")
        #expect(renderer.picturesNeedFrame, "a missed hand-over asks for the next frame")
        workers.whileLocked {}  // the holder is done
        _ = renderer.image(of: frame, width: 100, height: 100)
        #expect(renderer.lastPictureFrame.arrivals == 1)
    }

    /// Finished pictures are taken in by bytes as well as by count: pictures of 0.4 of the
    /// byte bound arrive two a frame (0.8 of it), never three (1.2), though the count allows three.
    @Test func intakeIsBoundedByBytesPerFrame() throws {
        #expect(PictureMetrics.arrivalsPerFrame >= 3, "the count limit must allow the third for the bytes to bind")
        let side = Int((0.4 * Double(PictureMetrics.arrivalBytesPerFrame) / 4).squareRoot()) / 4 * 4
        let bytes = side * side * 4
        #expect(2 * bytes <= PictureMetrics.arrivalBytesPerFrame && 3 * bytes > PictureMetrics.arrivalBytesPerFrame)
        let f = try PictureFixtures()
        let paths = try pictures(f, 6)
        let renderer = CairoRenderer()
        renderer.startBackgroundDecoding(threads: 1)
        renderer.pictureCacheBytes = 64 << 20
        let frame = list(paths, side: Double(side))
        _ = renderer.image(of: frame, width: side, height: side)  // all six wished for
        renderer.waitForPictures()
        var taken: [Int] = []
        for _ in 0..<10 where taken.reduce(0, +) < paths.count {
            _ = renderer.image(of: frame, width: side, height: side)
            let stats = renderer.lastPictureFrame
            #expect(stats.arrivalBytes <= PictureMetrics.arrivalBytesPerFrame, "\(stats.arrivalBytes) bytes in one frame")
            #expect(stats.arrivalBytes == stats.arrivals * bytes)
            taken.append(stats.arrivals)
            renderer.waitForPictures()
        }
        #expect(taken == [2, 2, 2], "\(taken)")
    }
}
