@testable import CairoRenderer
import Foundation
import InteractionEngine
import Synchronization
import Testing

/// Text on several threads (`TextLock`): Cairo 1.16's scaled fonts are process-wide and abort the
/// process when made and freed on two threads at once, so every text call is serialised and all
/// threads lay text out with one font map.
@Suite struct TextLockTests {
    static func list(_ texts: [String], size: Double) -> DisplayList {
        var list = DisplayList()
        list.append(.clear(Color(rgb: 0xFFFFFF)))
        for (i, text) in texts.enumerated() {
            list.append(.text(text, Rect(x: 4, y: 4 + Double(i) * 24, width: 300, height: 22), TextStyle(size: size, weight: .bold)))
        }
        return list
    }

    /// Runs `body` on a new thread and waits for it.
    static func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let finished = DispatchSemaphore(value: 0)
        Thread { body(); finished.signal() }.start()
        finished.wait()
    }

    @Test func textCachesOnTwoThreadsShareOneFontMap() {
        let here = TextCache().fontMap
        let there = Atomic<UInt>(0)
        Self.onAnotherThread { there.store(TextCache().fontMap, ordering: .relaxed) }
        #expect(here == there.load(ordering: .relaxed),
                "each thread has its own font map: one freed when its thread ends frees scaled fonts outside the lock")
    }

    /// While one thread holds the lock, another thread's drawing or measuring of text made ready
    /// before waits until it is released.
    @Test(arguments: ["draw", "measure"])
    func textOnAnotherThreadWaitsWhileTheLockIsHeld(_ what: String) {
        let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let done = Atomic<Bool>(false)
        let text = "Waits \(what) \(UInt32.random(in: 0...UInt32.max))"
        Thread {
            let renderer = CairoRenderer(), cache = TextCache()
            ready.signal()
            go.wait()
            if what == "draw" {
                _ = renderer.image(of: Self.list([text], size: 15), width: 320, height: 40)
            } else {
                _ = cache.extents(text, style: TextStyle(size: 15), width: 300)
            }
            done.store(true, ordering: .releasing)
            finished.signal()
        }.start()
        ready.wait()
        TextLock.held {
            go.signal()
            Thread.sleep(forTimeInterval: 0.15)
            let early = done.load(ordering: .acquiring)
            #expect(!early, "the other thread's text did not wait for the lock (\(what))")
        }
        finished.wait()
        let late = done.load(ordering: .acquiring)
        #expect(late)
    }

    /// Four threads making renderers, drawing text in fonts of several sizes and freeing them
    /// draw the same pixels as one thread alone.
    @Test func textDrawnOnFourThreadsAtOnceHasTheOneThreadPixels() {
        let texts = ["Wallet 最近交易", "Grid ¥1,280.00", "Messages Ag09"]
        let sizes = [11.0, 13, 15, 17, 19]
        @Sendable func pixels(_ size: Double) -> [UInt8] {
            CairoRenderer().image(of: Self.list(texts, size: size), width: 320, height: 80).withPixels { buffer, _ in Array(buffer) }
        }
        let reference = sizes.map(pixels)
        let mismatches = Atomic<Int>(0), drawn = Atomic<Int>(0)
        let group = DispatchGroup()
        for thread in 0..<4 {
            group.enter()
            Thread {
                for round in 0..<12 {
                    let i = (thread + round) % sizes.count
                    if pixels(sizes[i]) != reference[i] { mismatches.add(1, ordering: .relaxed) }
                    drawn.add(1, ordering: .relaxed)
                }
                group.leave()
            }.start()
        }
        group.wait()
        let count = drawn.load(ordering: .relaxed), differing = mismatches.load(ordering: .relaxed)
        #expect(count == 48)
        #expect(differing == 0, "text drawn on several threads at once differs from one thread's")
    }
}
