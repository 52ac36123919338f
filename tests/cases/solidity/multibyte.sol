// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// @notice Grüße, 日本語, emoji 🚀 in a doc.
contract Greeting {
    string public constant GREETING = unicode"こんにちは } 🚀 {";
    bytes32 public constant HASH = keccak256("ä");

    /// @dev Returns "ü".
    function greet() external pure returns (string memory) {
        return unicode"ü } {";
    }

    function emoji(string calldata s) external pure returns (uint256 n) {
        // 🚀 counts as four bytes
        n = bytes(s).length;
    }
}
