import XCTest
final class AnimaticTestsSmoke: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
