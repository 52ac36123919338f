// SPDX-License-Identifier: GPL-3.0-or-later
// solhint-disable no-inline-assembly
pragma solidity >=0.8.4 <0.9.0;
pragma abicoder v2;

import "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20 as Token} from "./interfaces/IERC20.sol";

/**
 * @title Yul and NatSpec
 * @author codepith
 * @notice A library whose functions are mostly assembly.
 * @dev The `}` and `{` in this comment and in strings below are text.
 */
library Bytes {
    /// @notice Copies `len` bytes.
    /// @param src the source
    /// @return out the copy
    function copy(bytes memory src, uint256 len) internal pure returns (bytes memory out) {
        out = new bytes(len);
        assembly ("memory-safe") {
            let dst := add(out, 0x20)
            for { let i := 0 } lt(i, len) { i := add(i, 0x20) } {
                mstore(add(dst, i), mload(add(add(src, 0x20), i)))
            }
            switch len
            case 0 { revert(0, 0) }
            default { }
        }
    }

    /// @dev Reverts with a message holding braces.
    function fail() internal pure {
        revert("unexpected } here {");
    }
}

/// @custom:security-contact security@example.com
abstract contract Base {
    uint8 private immutable _decimals;
    address public owner;

    /// Emitted when ownership changes.
    event OwnerChanged(address indexed previous, address indexed next);

    error NotOwner(address caller);

    modifier onlyOwner() virtual {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _;
    }

    constructor(uint8 decimals_) payable {
        _decimals = decimals_;
        owner = msg.sender;
    }

    function decimals() public view virtual returns (uint8) {
        return _decimals;
    }

    function setOwner(address next) external virtual onlyOwner;

    function _hook(uint256 a, uint256 b) internal virtual returns (uint256, uint256) {
        unchecked {
            return (a + 1, b - 1);
        }
    }
}

contract Derived is Base(18) {
    function setOwner(address next) external override onlyOwner {
        emit OwnerChanged(owner, next);
        owner = next;
    }

    function _hook(uint256 a, uint256 b) internal override returns (uint256, uint256) {
        try this.decimals() returns (uint8 d) {
            return (a * d, b);
        } catch Error(string memory) {
            return (0, 0);
        }
    }

    fallback(bytes calldata input) external returns (bytes memory) {
        return input;
    }
}
