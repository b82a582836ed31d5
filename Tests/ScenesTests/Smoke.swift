import XCTest
final class ScenesTestsSmoke: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
