import XCTest
final class RenderingTestsSmoke: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
