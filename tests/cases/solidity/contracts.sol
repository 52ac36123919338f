// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./IERC20.sol";
import {Ownable, Context as Ctx} from "../access/Ownable.sol";
import * as Math from "./Math.sol";

/// @title A token vault
/// @notice Holds tokens; "}" in a doc.
contract Vault is Ownable, IVault {
    using SafeMath for uint256;

    uint256 public constant MAX = 10 ** 18;
    mapping(address => uint256) private balances;
    string internal name = "a } { string";

    struct Deposit { address who; uint256 amount; }
    enum State { Open, Closed }
    event Deposited(address indexed who, uint256 amount);
    error Insufficient(uint256 have, uint256 want);

    modifier onlyOpen() {
        require(state == State.Open, "closed }");
        _;
    }

    constructor(address owner_) Ownable(owner_) {
        balances[owner_] = 1;
    }

    receive() external payable {
        emit Deposited(msg.sender, msg.value);
    }

    fallback() external payable {}

    /**
     * @dev Withdraws `amount`.
     */
    function withdraw(uint256 amount)
        external
        onlyOpen
        returns (bool ok)
    {
        if (balances[msg.sender] < amount) revert Insufficient(balances[msg.sender], amount);
        assembly {
            let x := mload(0x40)
            if iszero(x) { revert(0, 0) }
        }
        return true;
    }

    function peek() external view virtual returns (uint256);
}

interface IVault {
    function withdraw(uint256 amount) external returns (bool ok);
}

library L {
    function twice(uint a) internal pure returns (uint) { return a * 2; }
}

type Price is uint128;

function free(uint a) pure returns (uint) {
    return a + 1;
}
