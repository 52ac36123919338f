// SPDX-License-Identifier: GPL-3.0-or-later
// solhint-disable no-inline-assembly
pragma solidity >=0.8.4 <0.9.0;
pragma abicoder v2;

import "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20 as Token} from "./interfaces/IERC20.sol";

/** @title Yul and NatSpec */
library Bytes {
    /// @notice Copies `len` bytes.
    function copy(bytes memory src, uint256 len) internal pure returns (bytes memory out) { /* … */ }

    /// @dev Reverts with a message holding braces.
    function fail() internal pure { /* … */ }
}

/// @custom:security-contact security@example.com
abstract contract Base {
    uint8 private immutable _decimals;
    address public owner;

    /// Emitted when ownership changes.
    event OwnerChanged(address indexed previous, address indexed next);

    error NotOwner(address caller);

    modifier onlyOwner() virtual { /* … */ }

    constructor(uint8 decimals_) payable { /* … */ }

    function decimals() public view virtual returns (uint8) { /* … */ }

    function setOwner(address next) external virtual onlyOwner;

    function _hook(uint256 a, uint256 b) internal virtual returns (uint256, uint256) { /* … */ }
}

contract Derived is Base(18) {
    function setOwner(address next) external override onlyOwner { /* … */ }

    function _hook(uint256 a, uint256 b) internal override returns (uint256, uint256) { /* … */ }

    fallback(bytes calldata input) external returns (bytes memory) { /* … */ }
}
