using System.Buffers;
using System.Text;

namespace DocStore.Bson;

/// <summary>
/// Decodes the common case of stored text, pure ASCII, in one pass: the new string is filled by widening
/// the bytes, and the widening itself reports the first byte that is not ASCII, so no string is read twice
/// (once to check, once to widen).
/// </summary>
internal static class AsciiWidening
{
    /// <summary>The string of <paramref name="bytes"/> when all of them are ASCII; otherwise null (the caller decodes UTF-8).</summary>
    public static string? TryDecode(ReadOnlySpan<byte> bytes)
    {
        var ascii = true;
        var text = string.Create(bytes.Length, new State(bytes, ref ascii), static (chars, state) =>
            state.Ascii = Ascii.ToUtf16(state.Bytes, chars, out _) == OperationStatus.Done);
        return ascii ? text : null;
    }

    /// <summary>The bytes to widen, and where to say whether they were all ASCII.</summary>
    private readonly ref struct State
    {
        public State(ReadOnlySpan<byte> bytes, ref bool ascii)
        {
            Bytes = bytes;
            Ascii = ref ascii;
        }

        public readonly ReadOnlySpan<byte> Bytes;

        public readonly ref bool Ascii;
    }
}
