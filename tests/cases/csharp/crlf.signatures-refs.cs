using System;
using System.IO;

namespace Crlf;

/// <summary>
/// Reads files with CRLF endings.
/// </summary>
public class Reader
{
    private readonly string _path;

    public Reader(string path) { /* … L14-16 */ }

    public string ReadAll() { /* … L19 */ }

    public int Size
    {
        get { /* … L24-26 */ }
    }

#if WINDOWS
    public void Open() { /* … L31-33 */ }
#endif
}
