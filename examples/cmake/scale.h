// Multiplies host[0..n) by s on the default HIP device; 0 on success.
int scale_on_device(float* host, float s, int n);
