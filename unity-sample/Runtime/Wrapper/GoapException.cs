using System;

namespace Goap
{
    /// <summary>
    /// A goap call failed. <see cref="Status"/> is the native status and <see cref="Exception.Message"/>
    /// the native library's message (it names the function and what was wrong). When a
    /// context callback threw, <see cref="Exception.InnerException"/> is that exception.
    /// </summary>
    public class GoapException : Exception
    {
        /// <summary>The status the native call returned (never <see cref="Goap.Status.Ok"/>).</summary>
        public Status Status { get; private set; }

        /// <summary>A failed call's status and message.</summary>
        public GoapException(Status status, string message, Exception inner = null)
            : base(message, inner)
        {
            Status = status;
        }
    }

    /// <summary>
    /// The native library could not be used: it was not found, lacks a function this
    /// wrapper needs, or its major version differs from the wrapper's.
    /// </summary>
    public sealed class GoapLibraryException : Exception
    {
        /// <summary>Why the native library could not be used.</summary>
        public GoapLibraryException(string message, Exception inner = null)
            : base(message, inner)
        {
        }
    }
}
