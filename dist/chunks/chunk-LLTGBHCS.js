import { createRequire as __svcCreateRequire } from 'node:module';
const require = __svcCreateRequire(import.meta.url);
import {
  require_symbols
} from "./chunk-FIYEQRH3.js";
import {
  __commonJS,
  __require
} from "./chunk-RIUXWCXC.js";

// ../main/node_modules/undici/lib/dispatcher/dispatcher.js
var require_dispatcher = __commonJS({
  "../main/node_modules/undici/lib/dispatcher/dispatcher.js"(exports, module) {
    var EventEmitter = __require("node:events");
    var { kOriginless, kUrl } = require_symbols();
    var Dispatcher = class extends EventEmitter {
      dispatch() {
        throw new Error("not implemented");
      }
      close() {
        throw new Error("not implemented");
      }
      destroy() {
        throw new Error("not implemented");
      }
      compose(...args) {
        const interceptors = Array.isArray(args[0]) ? args[0] : args;
        const interceptorOrigin = this[kOriginless] === true ? null : this[kUrl]?.origin;
        let dispatch = this.dispatch.bind(this);
        for (const interceptor of interceptors) {
          if (interceptor == null) {
            continue;
          }
          if (typeof interceptor !== "function") {
            throw new TypeError(`invalid interceptor, expected function received ${typeof interceptor}`);
          }
          dispatch = interceptor(dispatch, interceptorOrigin);
          if (dispatch == null || typeof dispatch !== "function" || dispatch.length !== 2) {
            throw new TypeError("invalid interceptor");
          }
        }
        const originalDispatch = dispatch;
        const self = this;
        dispatch = function(opts, handler) {
          if (opts && typeof opts === "object" && !opts.origin && self[kUrl]) {
            opts = Object.assign({}, opts, { origin: self[kUrl].origin });
          }
          return originalDispatch(opts, handler);
        };
        return new Proxy(this, {
          get: (target, key) => key === "dispatch" ? dispatch : target[key]
        });
      }
    };
    module.exports = Dispatcher;
  }
});

export {
  require_dispatcher
};
//# sourceMappingURL=chunk-LLTGBHCS.js.map
