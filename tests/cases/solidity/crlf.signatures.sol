// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./B.sol";

/// @notice CRLF lines.
contract C {
    uint256 public x;

    function set(uint256 v) public { /* … */ }

    function get() public view returns (uint256) { /* … */ }
}
