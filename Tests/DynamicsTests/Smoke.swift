import XCTest
final class DynamicsTestsSmoke: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
