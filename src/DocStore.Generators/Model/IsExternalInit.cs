namespace System.Runtime.CompilerServices;

/// <summary>
/// netstandard2.0 lacks this marker type, which the compiler needs for records and <c>init</c>
/// accessors; declaring it internally is the documented way to use them on older targets.
/// </summary>
internal static class IsExternalInit
{
}
