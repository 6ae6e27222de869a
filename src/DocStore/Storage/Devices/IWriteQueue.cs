namespace DocStore.Storage.Devices;

/// <summary>
/// Where <see cref="FileStorageDevice.BeginWrite"/> hands an unbuffered write so that the caller can work
/// while the disk does: Linux native AIO (<see cref="LinuxAio"/>). The device handles every answer a queue
/// can give: a refused submission, an errno at completion, a short write.
/// </summary>
internal interface IWriteQueue : IDisposable
{
    /// <summary>
    /// Starts writing <paramref name="length"/> bytes at <paramref name="address"/> (valid and unmoved until
    /// <see cref="Wait"/> returns) to <paramref name="fd"/> at <paramref name="offset"/>; false when refused
    /// (the caller then writes synchronously).
    /// </summary>
    bool Submit(int fd, nint address, int length, long offset);

    /// <summary>Waits for the submitted write; returns the bytes written, or a negative errno.</summary>
    long Wait();
}
